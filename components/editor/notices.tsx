/** What the last action did (a polite live region), and what went wrong (an alert), as the owner's screens say it. */
export function Notices({ status, error }: { status: string; error: string }) {
  return (
    <>
      <p className="editor__status" role="status" aria-live="polite">
        {status}
      </p>
      {error && (
        <p className="notice" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
