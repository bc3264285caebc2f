import type { ReactNode } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';

export type ButtonLinkProps = {
  href: string;
  variant?: ButtonVariant;
  /** Links to other sites open in a new tab and say so with this text to screen readers. */
  newTabHint?: string;
  children: ReactNode;
};

export function ButtonLink({ href, variant = 'primary', newTabHint, children }: ButtonLinkProps) {
  const hint = isExternal(href) ? newTabHint : undefined;
  return (
    <a className={`button button-${variant}`} href={href} {...(hint ? newTab : {})}>
      {children}
      {hint && <NewTabHint text={hint} />}
    </a>
  );
}

export function isExternal(href: string): boolean {
  return /^https?:\/\//.test(href);
}

/** The attributes of a link that opens in a new tab, without giving the page access to ours. */
export const newTab = { target: '_blank', rel: 'noopener noreferrer' } as const;

export function NewTabHint({ text }: { text: string }) {
  return (
    <>
      <svg className="icon-external" aria-hidden="true" viewBox="0 0 16 16" width="14" height="14">
        <path
          d="M9 2h5v5M14 2 7 9M12 9v4a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h4"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="visually-hidden"> {text}</span>
    </>
  );
}
