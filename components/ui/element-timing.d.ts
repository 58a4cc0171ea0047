// Chromium's Element Timing: the browser records when an element's text or image was first painted.
// React passes the attribute through; its types do not know it yet.
import 'react';

declare module 'react' {
  interface HTMLAttributes<T> {
    elementtiming?: string;
  }
}
