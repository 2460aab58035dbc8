// The floor at any size (issue 33's long-post figure): `/sized/N` is the same static text as `/sized`, N characters
// of it, so its HTML (the text, then the RSC payload Next inlines, which carries the text again) weighs about 2N
// bytes. No size is prerendered: each is rendered on its first request and served from Next's cache after that,
// as the blog's long posts are. The bench picks N so that the page weighs what the blog's page it is compared with
// weighs.
const WORDS =
  'the quick brown fox jumps over the lazy dog while the server keeps answering every request it is given'.split(' ');

const MAX = 4_000_000;

export const dynamicParams = true;

export function generateStaticParams() {
  return [];
}

function paragraphs(characters: number): string[] {
  const out: string[] = [];
  let total = 0;
  for (let p = 0; total < characters; p++) {
    const text = Array.from({ length: 90 }, (_, w) => WORDS[(p * 7 + w) % WORDS.length]).join(' ');
    const cut = text.slice(0, characters - total);
    out.push(cut);
    total += cut.length;
  }
  return out;
}

export default async function SizedBy({ params }: { params: Promise<{ bytes: string }> }) {
  const { bytes } = await params;
  const characters = Math.min(MAX, Math.max(0, Number.parseInt(bytes, 10) || 0));
  return (
    <article>
      {paragraphs(characters).map((text, i) => (
        <p key={i}>{text}</p>
      ))}
    </article>
  );
}
