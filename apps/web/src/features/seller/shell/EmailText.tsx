/**
 * An e-mail address that wraps after its "@" when it must, rather than in
 * the middle of a word, and only as a last resort elsewhere.
 */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at < 0) return <span className="break-words">{email}</span>;
  return (
    <span className="break-words">
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </span>
  );
}
