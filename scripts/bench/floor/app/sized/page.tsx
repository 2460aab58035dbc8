// The floor with the bytes of a post page: the same static page, with enough text that its HTML (content plus
// the RSC payload Next inlines) weighs about what a cached post page of the blog weighs (~48 KB). Comparing a post
// page with this one separates what the blog adds per request from what its size costs in any Next app.
const WORDS =
  'the quick brown fox jumps over the lazy dog while the server keeps answering every request it is given'.split(' ');

const paragraphs = Array.from({ length: 40 }, (_, p) =>
  Array.from({ length: 90 }, (_, w) => WORDS[(p * 7 + w) % WORDS.length]).join(' '),
);

export default function Sized() {
  return (
    <article>
      {paragraphs.map((text, i) => (
        <p key={i}>{text}</p>
      ))}
    </article>
  );
}
