import Link from "@/components/dashboard/link";
import { formatAccessKey } from "./format";

/**
 * An access key as people read it: groups of four in a monospaced face, wrapping between groups
 * so a narrow column never lets it run over its neighbours (issue 54 item 6). `href`: a link to the
 * document's page; its accessible name stays the bare 44 characters (what is searched and pasted).
 */
export function AccessKey({ value, href, className = "", testId }: { value: string; href?: string; className?: string; testId?: string }) {
  const text = formatAccessKey(value);
  const classes = `break-words font-mono text-xs tabular-nums ${className}`;
  return href ? (
    <Link href={href} aria-label={value} className={`${classes} text-indigo-700 hover:underline`} data-testid={testId}>
      {text}
    </Link>
  ) : (
    <span className={classes} data-testid={testId}>
      {text}
    </span>
  );
}
