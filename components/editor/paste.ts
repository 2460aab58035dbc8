// What the editor makes of HTML pasted from a word processor (ProseMirror's `transformPastedHTML`, in the browser),
// before its schema reads it. From anywhere, the line break a browser's copy adds at the end (`Apple-interchange-
// newline`) is dropped. Web pages and Google Docs come through the schema as they are: its parse rules keep
// headings, lists, links, bold and italic, and drop the rest (Google Docs' `<b style="font-weight:normal">` wrapper is
// not bold: @tiptap/extension-bold reads `font-weight: normal` as no mark). Microsoft Word's clipboard HTML needs
// this first (its "Filtered HTML" and clipboard format, which LibreOffice and Outlook write too):
//
// - a list is no list but paragraphs, each styled `mso-list: l<list> level<n> lfo<n>`, its bullet or number written
//   as text inside `<![if !supportLists]> … <![endif]>` (or a `mso-list: Ignore` span): those runs become `<ul>` or
//   `<ol>` (numbered when the marker is a number or a letter), nested by level, the marker dropped;
// - `<o:p>` (Office's empty paragraph mark), conditional comments, `<style>` and `<meta>` go, and so do a blank line's
//   paragraph and the classes and inline styles of what is left (the schema would ignore them).

const WORD = /urn:schemas-microsoft-com:office|class="?Mso|mso-list/i;
const LIST_STYLE = /mso-list:\s*(l\d+)\s+level(\d+)/i;
const NUMBERED = /^\s*(?:\d+|[a-z]|[ivxlc]+)[.)]\s*$/i;

/** The HTML the schema should read: Word's lists made lists and its noise dropped; anything else as it came. */
export function cleanPastedHtml(pasted: string): string {
  // A copy in Chrome or Safari ends with a line break of its own (not the text's): it would be a blank paragraph.
  const html = pasted.replace(/<br class="?Apple-interchange-newline"?\s*\/?>/gi, '');
  if (!WORD.test(html)) return html;
  // Office's conditional comments wrap what only Word shows (list markers among them): kept out, not parsed.
  const text = html
    .replace(/<!--\[if[^\]]*\]>[\s\S]*?<!\[endif\]-->/gi, '')
    .replace(/<!\[if !supportLists\]>([\s\S]*?)<!\[endif\]>/gi, '<span data-list-marker>$1</span>')
    .replace(/<!\[(?:if|endif)[^\]]*\]>/gi, '');
  const doc = new DOMParser().parseFromString(text, 'text/html');
  for (const node of doc.querySelectorAll('style, meta, link, script, o\\:p, xml')) node.remove();
  listsOf(doc);
  // Word writes a blank line as a paragraph holding a no-break space: not a block anyone wrote.
  for (const p of doc.body.querySelectorAll('p')) {
    if (!p.querySelector('img') && !(p.textContent ?? '').replace(/\u00a0/g, ' ').trim()) p.remove();
  }
  for (const node of doc.body.querySelectorAll('[class], [style], [lang]')) {
    node.removeAttribute('class');
    node.removeAttribute('style');
    node.removeAttribute('lang');
  }
  return doc.body.innerHTML;
}

/** Word's list paragraphs, run by run, as nested lists. */
function listsOf(doc: Document) {
  const paragraphs = [...doc.body.querySelectorAll('p')].filter((p) => LIST_STYLE.test(p.getAttribute('style') ?? ''));
  let stack: { list: HTMLElement; level: number }[] = [];
  let previous: Element | null = null;
  for (const p of paragraphs) {
    const [, id, levelText] = LIST_STYLE.exec(p.getAttribute('style') ?? '')!;
    const level = Number(levelText);
    const marker = p.querySelector('[data-list-marker], span[style*="mso-list:Ignore" i]');
    const numbered = marker ? NUMBERED.test(marker.textContent?.replace(/\u00a0/g, ' ') ?? '') : false;
    marker?.remove();
    // A run goes on while the paragraphs follow one another.
    const continues = previous !== null && sibling(previous) === p;
    if (!continues) stack = [];
    while (stack.length && stack.at(-1)!.level > level) stack.pop();
    let top = stack.at(-1);
    if (!top || top.level < level) {
      const list = doc.createElement(numbered ? 'ol' : 'ul');
      list.dataset.wordList = id;
      if (top) (top.list.lastElementChild ?? top.list).append(list);
      else p.before(list);
      top = { list, level };
      stack.push(top);
    }
    const item = doc.createElement('li');
    const content = doc.createElement('p');
    content.append(...p.childNodes);
    item.append(content);
    top.list.append(item);
    previous = p;
    // The paragraph stays in place (empty) until the run is read: the next one is found by its position.
    p.dataset.wordListDone = '';
  }
  for (const p of doc.body.querySelectorAll('p[data-word-list-done]')) p.remove();
}

/** The next element after `element`, skipping whitespace and the lists made before it. */
function sibling(element: Element): Element | null {
  let next = element.nextElementSibling;
  while (next && (next.tagName === 'UL' || next.tagName === 'OL') && (next as HTMLElement).dataset.wordList)
    next = next.nextElementSibling;
  return next;
}
