import { Fragment, type ReactNode } from 'react';

/**
 * A catalogue message with elements inside it ("Shorten any page with <kbd>Alt+Shift+L</kbd>."):
 * each `{name}` becomes the element given for it, wherever the language puts it in the sentence.
 */
export function withElements(message: string, elements: Record<string, ReactNode>): ReactNode {
  return message.split(/(\{[A-Za-z0-9_]+\})/).map((part, i) => {
    const name = /^\{([A-Za-z0-9_]+)\}$/.exec(part)?.[1];
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one message never move.
    return <Fragment key={i}>{name !== undefined && name in elements ? elements[name] : part}</Fragment>;
  });
}
