/**
 * The TableFlow logo, the same as the landing page's: plain React (no Mantine), so the landing
 * page can use it without loading the app's libraries.
 */
export function BrandLogo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#b4441f" />
      <path d="M18 20h28v6H35v22h-6V26H18z" fill="#fff" />
    </svg>
  );
}

/** The logo with the word mark, as in the landing page's header. */
export function BrandMark({ size = 30 }: { size?: number }) {
  return (
    <span className="tf-brand">
      <BrandLogo size={size} />
      <span className="tf-brand__name">TableFlow</span>
    </span>
  );
}
