import { Fragment, type ReactNode } from 'react';

/**
 * An address (URL, host, e-mail) reads left to right in every language. Isolated, it keeps its own
 * order inside a right-to-left line ("127.0.0.1/page4.html", not "page4.html/127.0.0.1") and does not
 * pull the words beside it into its direction.
 */
export function Address({ children, className, title }: { children: ReactNode; className?: string; title?: string }) {
  return (
    <bdi dir="ltr" className={className} title={title}>
      {children}
    </bdi>
  );
}

// A scheme and what follows, an e-mail address, or a host with a path or port ("example.com/x", "127.0.0.1:8787").
const ADDRESS =
  /(https?:\/\/[^\s\u00ab\u00bb"\u201c\u201d]+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\b[\w-]+(?:\.[\w-]+)+(?::\d+)?\/[^\s\u00ab\u00bb"\u201c\u201d]*|\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?)/;

/** A sentence with addresses inside ("Create the short link «http://…»"), each address isolated. */
export function withAddresses(text: string): ReactNode {
  // One capturing group: the odd parts of the split are the addresses.
  return text.split(new RegExp(ADDRESS.source, 'g')).map((part, i) =>
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence never move.
    i % 2 === 1 ? <Address key={i}>{part}</Address> : <Fragment key={i}>{part}</Fragment>,
  );
}
