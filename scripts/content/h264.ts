// A minimal H.264 encoder (Constrained Baseline, CAVLC), enough for the demo's short generated video.
// Every macroblock that changed since the previous frame is sent uncompressed (I_PCM, so the picture is exact);
// every other one is skipped (P_Skip, a copy of the previous frame). No transform, no motion search: the file
// stays small only because the demo animates a few regions over a still background.

/** One picture in 4:2:0, limited range, at the coded size (a multiple of 16 each way). */
export interface YuvFrame {
  y: Uint8Array;
  cb: Uint8Array;
  cr: Uint8Array;
}

class BitWriter {
  private bytes: number[] = [];
  private current = 0;
  private count = 0;

  bit(value: number): void {
    this.current = (this.current << 1) | (value & 1);
    if (++this.count === 8) {
      this.bytes.push(this.current);
      this.current = 0;
      this.count = 0;
    }
  }

  bits(value: number, width: number): void {
    for (let i = width - 1; i >= 0; i--) this.bit((value >>> i) & 1);
  }

  /** Unsigned Exp-Golomb, ue(v). */
  ue(value: number): void {
    const code = value + 1;
    const width = 32 - Math.clz32(code);
    this.bits(0, width - 1);
    this.bits(code, width);
  }

  /** Signed Exp-Golomb, se(v). */
  se(value: number): void {
    this.ue(value > 0 ? 2 * value - 1 : -2 * value);
  }

  align(): void {
    while (this.count !== 0) this.bit(0);
  }

  byteArray(data: Uint8Array): void {
    if (this.count !== 0) throw new Error('byteArray on an unaligned writer');
    for (const byte of data) this.bytes.push(byte);
  }

  /** rbsp_trailing_bits: a stop bit, then zeros to the byte boundary. */
  finish(): Buffer {
    this.bit(1);
    this.align();
    return Buffer.from(this.bytes);
  }
}

/** A NAL unit: its header byte, then the payload with emulation-prevention bytes inserted. */
function nal(refIdc: number, type: number, rbsp: Buffer): Buffer {
  const out: number[] = [(refIdc << 5) | type];
  let zeros = 0;
  for (const byte of rbsp) {
    if (zeros >= 2 && byte <= 3) {
      out.push(3);
      zeros = 0;
    }
    out.push(byte);
    zeros = byte === 0 ? zeros + 1 : 0;
  }
  return Buffer.from(out);
}

const LOG2_MAX_FRAME_NUM = 8;

export interface H264Stream {
  sps: Buffer;
  pps: Buffer;
  /** One NAL unit per frame: an IDR picture first, P pictures after it. */
  frames: Buffer[];
  profile: number;
  compatibility: number;
  level: number;
}

/** Encodes frames of `width` x `height` (any size; the coded picture is padded to whole macroblocks and cropped). */
export function encodeH264(width: number, height: number, frames: YuvFrame[]): H264Stream {
  const mbWidth = Math.ceil(width / 16);
  const mbHeight = Math.ceil(height / 16);
  const [profile, compatibility, level] = [66, 0xc0, 30];

  const sps = new BitWriter();
  sps.bits(profile, 8);
  sps.bits(compatibility, 8); // constraint_set0 and constraint_set1: Constrained Baseline
  sps.bits(level, 8);
  sps.ue(0); // seq_parameter_set_id
  sps.ue(LOG2_MAX_FRAME_NUM - 4);
  sps.ue(2); // pic_order_cnt_type 2: output order is decoding order
  sps.ue(1); // max_num_ref_frames
  sps.bit(0); // gaps_in_frame_num_value_allowed_flag
  sps.ue(mbWidth - 1);
  sps.ue(mbHeight - 1);
  sps.bit(1); // frame_mbs_only_flag
  sps.bit(1); // direct_8x8_inference_flag
  const [cropRight, cropBottom] = [(mbWidth * 16 - width) / 2, (mbHeight * 16 - height) / 2];
  if (!Number.isInteger(cropRight) || !Number.isInteger(cropBottom)) throw new Error('width and height must be even');
  sps.bit(cropRight || cropBottom ? 1 : 0);
  if (cropRight || cropBottom) [0, cropRight, 0, cropBottom].forEach((offset) => sps.ue(offset));
  sps.bit(1); // vui_parameters_present_flag
  sps.bits(0b00, 2); // no aspect ratio, no overscan info
  sps.bit(1); // video_signal_type_present_flag
  sps.bits(5, 3); // video_format: unspecified
  sps.bit(0); // limited range
  sps.bit(1); // colour_description_present_flag
  sps.bits(1, 8); // BT.709 primaries
  sps.bits(1, 8); // BT.709 transfer
  sps.bits(1, 8); // BT.709 matrix
  sps.bits(0b00000, 5); // no chroma location, timing, NAL or VCL HRD, pic_struct
  sps.bit(1); // bitstream_restriction_flag
  sps.bit(1); // motion_vectors_over_pic_boundaries_flag
  sps.ue(0); // max_bytes_per_pic_denom
  sps.ue(0); // max_bits_per_mb_denom
  sps.ue(16); // log2_max_mv_length_horizontal
  sps.ue(16); // log2_max_mv_length_vertical
  sps.ue(0); // max_num_reorder_frames: every frame can be shown as soon as it is decoded
  sps.ue(1); // max_dec_frame_buffering

  const pps = new BitWriter();
  pps.ue(0); // pic_parameter_set_id
  pps.ue(0); // seq_parameter_set_id
  pps.bit(0); // entropy_coding_mode_flag: CAVLC
  pps.bit(0); // bottom_field_pic_order_in_frame_present_flag
  pps.ue(0); // num_slice_groups_minus1
  pps.ue(0); // num_ref_idx_l0_default_active_minus1
  pps.ue(0); // num_ref_idx_l1_default_active_minus1
  pps.bit(0); // weighted_pred_flag
  pps.bits(0, 2); // weighted_bipred_idc
  pps.se(0); // pic_init_qp_minus26
  pps.se(0); // pic_init_qs_minus26
  pps.se(0); // chroma_qp_index_offset
  pps.bit(1); // deblocking_filter_control_present_flag
  pps.bit(0); // constrained_intra_pred_flag
  pps.bit(0); // redundant_pic_cnt_present_flag

  const macroblock = (frame: YuvFrame, mx: number, my: number): Uint8Array => {
    const out = new Uint8Array(384);
    const lumaStride = mbWidth * 16;
    for (let row = 0; row < 16; row++)
      out.set(
        frame.y.subarray((my * 16 + row) * lumaStride + mx * 16, (my * 16 + row) * lumaStride + mx * 16 + 16),
        row * 16,
      );
    const chromaStride = mbWidth * 8;
    for (const [plane, offset] of [
      [frame.cb, 256],
      [frame.cr, 320],
    ] as const) {
      for (let row = 0; row < 8; row++)
        out.set(
          plane.subarray((my * 8 + row) * chromaStride + mx * 8, (my * 8 + row) * chromaStride + mx * 8 + 8),
          offset + row * 8,
        );
    }
    return out;
  };
  const same = (a: Uint8Array, b: Uint8Array) => a.every((value, i) => value === b[i]);

  const encoded: Buffer[] = [];
  let previous: Uint8Array[] = [];
  frames.forEach((frame, index) => {
    const idr = index === 0;
    const slice = new BitWriter();
    slice.ue(0); // first_mb_in_slice
    slice.ue(idr ? 7 : 5); // slice_type: I or P, every slice of the picture alike
    slice.ue(0); // pic_parameter_set_id
    slice.bits(index % (1 << LOG2_MAX_FRAME_NUM), LOG2_MAX_FRAME_NUM); // frame_num
    if (idr)
      slice.ue(0); // idr_pic_id
    else {
      slice.bit(0); // num_ref_idx_active_override_flag
      slice.bit(0); // ref_pic_list_modification_flag_l0
    }
    if (idr)
      slice.bits(0b00, 2); // no_output_of_prior_pics_flag, long_term_reference_flag
    else slice.bit(0); // adaptive_ref_pic_marking_mode_flag: sliding window
    slice.se(0); // slice_qp_delta
    slice.ue(1); // disable_deblocking_filter_idc: off, so skipped blocks stay exact copies

    const blocks: Uint8Array[] = [];
    let skipped = 0;
    for (let my = 0; my < mbHeight; my++) {
      for (let mx = 0; mx < mbWidth; mx++) {
        const block = macroblock(frame, mx, my);
        blocks.push(block);
        if (!idr && same(block, previous[blocks.length - 1]!)) {
          skipped++;
          continue;
        }
        if (!idr) slice.ue(skipped);
        skipped = 0;
        slice.ue(idr ? 25 : 30); // mb_type I_PCM (25 in an I slice, 5 + 25 in a P slice)
        slice.align(); // pcm_alignment_zero_bit
        slice.byteArray(block);
      }
    }
    if (skipped) slice.ue(skipped);
    previous = blocks;
    encoded.push(nal(idr ? 3 : 2, idr ? 5 : 1, slice.finish()));
  });

  return { sps: nal(3, 7, sps.finish()), pps: nal(3, 8, pps.finish()), frames: encoded, profile, compatibility, level };
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, Math.round(value)));

/** RGB pixels to a padded 4:2:0 frame, BT.709 limited range (the colour description the stream declares). */
export function rgbToYuv(
  width: number,
  height: number,
  pixel: (x: number, y: number) => readonly [number, number, number],
): YuvFrame {
  const codedWidth = Math.ceil(width / 16) * 16;
  const codedHeight = Math.ceil(height / 16) * 16;
  const y = new Uint8Array(codedWidth * codedHeight);
  const cb = new Uint8Array((codedWidth / 2) * (codedHeight / 2));
  const cr = new Uint8Array(cb.length);
  const cbSum = new Float64Array(cb.length);
  const crSum = new Float64Array(cb.length);
  for (let row = 0; row < codedHeight; row++) {
    for (let col = 0; col < codedWidth; col++) {
      const [r, g, b] = pixel(Math.min(col, width - 1), Math.min(row, height - 1)).map((v) => v / 255) as [
        number,
        number,
        number,
      ];
      const luma = 0.2126 * r + 0.7152 * g + 0.0722 * b;
      y[row * codedWidth + col] = clamp(16 + 219 * luma, 16, 235);
      const c = (row >> 1) * (codedWidth / 2) + (col >> 1);
      cbSum[c]! += (b - luma) / 1.8556;
      crSum[c]! += (r - luma) / 1.5748;
    }
  }
  for (let i = 0; i < cb.length; i++) {
    cb[i] = clamp(128 + (224 * cbSum[i]!) / 4, 16, 240);
    cr[i] = clamp(128 + (224 * crSum[i]!) / 4, 16, 240);
  }
  return { y, cb, cr };
}
