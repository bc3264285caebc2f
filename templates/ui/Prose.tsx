/** Markdown the generator has already turned into (sanitized) HTML. */
export function Prose({ html, className = 'prose' }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
