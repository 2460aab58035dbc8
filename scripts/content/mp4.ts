import type { H264Stream } from './h264';

// A minimal MP4 (ISO BMFF) writer for one H.264 video track, with the index (moov) ahead of the data so a
// browser can start playing before the whole file has arrived.

const u8 = (value: number) => Buffer.from([value & 0xff]);
const u16 = (value: number) => {
  const out = Buffer.alloc(2);
  out.writeUInt16BE(value);
  return out;
};
const u32 = (value: number) => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(value >>> 0);
  return out;
};
const zeros = (length: number) => Buffer.alloc(length);

function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'ascii'), body]);
}

const fullBox = (type: string, version: number, flags: number, ...parts: Buffer[]) =>
  box(type, u32((version << 24) | flags), ...parts);

/** The identity transform every track header and the movie header carry. */
const MATRIX = Buffer.concat([0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000].map(u32));

export function muxMp4(stream: H264Stream, width: number, height: number, fps: number): Buffer {
  const timescale = 90_000;
  const delta = Math.round(timescale / fps);
  const duration = delta * stream.frames.length;
  const durationMs = Math.round((duration * 1000) / timescale);
  const samples = stream.frames.map((frame) => Buffer.concat([u32(frame.length), frame]));

  const avcC = box(
    'avcC',
    u8(1),
    u8(stream.profile),
    u8(stream.compatibility),
    u8(stream.level),
    u8(0xfc | 3), // lengthSizeMinusOne: 4-byte NAL lengths
    u8(0xe0 | 1),
    u16(stream.sps.length),
    stream.sps,
    u8(1),
    u16(stream.pps.length),
    stream.pps,
  );
  const avc1 = box(
    'avc1',
    zeros(6),
    u16(1), // data_reference_index
    zeros(16),
    u16(width),
    u16(height),
    u32(0x00480000), // 72 dpi
    u32(0x00480000),
    u32(0),
    u16(1), // frame_count
    zeros(32), // compressorname
    u16(0x0018), // depth
    u16(0xffff),
    avcC,
  );

  const stbl = (chunkOffset: number) =>
    box(
      'stbl',
      fullBox('stsd', 0, 0, u32(1), avc1),
      fullBox('stts', 0, 0, u32(1), u32(samples.length), u32(delta)),
      fullBox('stss', 0, 0, u32(1), u32(1)),
      fullBox('stsc', 0, 0, u32(1), u32(1), u32(samples.length), u32(1)),
      fullBox('stsz', 0, 0, u32(0), u32(samples.length), ...samples.map((sample) => u32(sample.length))),
      fullBox('stco', 0, 0, u32(1), u32(chunkOffset)),
    );

  const moov = (chunkOffset: number) =>
    box(
      'moov',
      fullBox(
        'mvhd',
        0,
        0,
        u32(0),
        u32(0),
        u32(1000),
        u32(durationMs),
        u32(0x00010000),
        u16(0x0100),
        zeros(10),
        MATRIX,
        zeros(24),
        u32(2),
      ),
      box(
        'trak',
        fullBox(
          'tkhd',
          0,
          3,
          u32(0),
          u32(0),
          u32(1),
          u32(0),
          u32(durationMs),
          zeros(8),
          u16(0),
          u16(0),
          u16(0),
          u16(0),
          MATRIX,
          u32(width << 16),
          u32(height << 16),
        ),
        box(
          'mdia',
          fullBox('mdhd', 0, 0, u32(0), u32(0), u32(timescale), u32(duration), u16(0x55c4), u16(0)), // language "und"
          fullBox('hdlr', 0, 0, u32(0), Buffer.from('vide'), zeros(12), Buffer.from('VideoHandler\0', 'ascii')),
          box(
            'minf',
            fullBox('vmhd', 0, 1, zeros(8)),
            box('dinf', fullBox('dref', 0, 0, u32(1), fullBox('url ', 0, 1))),
            stbl(chunkOffset),
          ),
        ),
      ),
    );

  const ftyp = box('ftyp', Buffer.from('isom'), u32(512), Buffer.from('isomiso2avc1mp41'));
  const mdatHeader = 8;
  const offset = ftyp.length + moov(0).length + mdatHeader;
  return Buffer.concat([ftyp, moov(offset), box('mdat', ...samples)]);
}
