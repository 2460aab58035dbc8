// The floor: the cheapest page this Next version can serve (static, no data, no proxy). The bench serves it
// under the same load as the blog's pages and reports each page's throughput as a ratio to it.
export default function Page() {
  return <p>hello</p>;
}
