// The post's own words around its body (post-editor.tsx): the title, one line, above it; the slug and the excerpt in
// the post's settings. Each change is the editor's to keep (`onChange`), which marks the post as edited.

export function TitleField({
  value,
  onChange,
  onEnter,
}: {
  value: string;
  onChange: (title: string) => void;
  /** Enter goes on to the body, as in Ghost's editor: a title is one line. */
  onEnter: () => void;
}) {
  return (
    <label className="editor__title">
      <span className="visually-hidden">Title</span>
      <textarea
        name="title"
        rows={1}
        value={value}
        onChange={(e) => onChange(e.target.value.replace(/\n/g, ' '))}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            onEnter();
          }
        }}
        placeholder="Post title"
        maxLength={200}
        required
      />
    </label>
  );
}

export function SlugAndExcerpt({
  slug,
  excerpt,
  onSlug,
  onExcerpt,
}: {
  slug: string;
  excerpt: string;
  onSlug: (slug: string) => void;
  onExcerpt: (excerpt: string) => void;
}) {
  return (
    <>
      <label>
        Slug
        <input
          name="slug"
          value={slug}
          onChange={(e) => onSlug(e.target.value)}
          pattern="[a-z0-9]+(-[a-z0-9]+)*"
          maxLength={100}
        />
      </label>
      <label>
        Excerpt
        <textarea name="excerpt" value={excerpt} onChange={(e) => onExcerpt(e.target.value)} maxLength={500} />
      </label>
    </>
  );
}
