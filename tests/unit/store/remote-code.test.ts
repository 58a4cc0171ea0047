import { describe, expect, it } from 'vitest';
import { remoteCodeProblems } from '../../../store/rules/remote-code';

const js = (text: string) => [{ path: 'chunks/a.js', text }];

describe('remoteCodeProblems: what reviewers flag as remote or string-built code', () => {
  it('finds eval and Function however they are reached', () => {
    expect(remoteCodeProblems(js('const f = new Function("a", "return a");'))).toEqual(['chunks/a.js:1: Function']);
    expect(remoteCodeProblems(js('x = Function("return 1")();'))).toEqual(['chunks/a.js:1: Function']);
    // zod's probe, minified: the constructor passed through a variable.
    expect(remoteCodeProblems(js('try{const e=Function;return new e(""),!0}catch{}'))).toEqual([
      'chunks/a.js:1: Function',
    ]);
    expect(remoteCodeProblems(js('eval("1+1");\nwindow.eval(s);\nglobalThis["Function"](s);'))).toEqual([
      'chunks/a.js:1: eval',
      'chunks/a.js:2: .eval',
      'chunks/a.js:3: .Function',
    ]);
    expect(remoteCodeProblems(js('setTimeout("go()", 10)'))).toEqual(['chunks/a.js:1: setTimeout with a string']);
  });

  it('finds scripts, modules and styles from outside the package', () => {
    expect(remoteCodeProblems(js('import("https://cdn.example.com/m.js")'))).toEqual([
      'chunks/a.js:1: import() of https://cdn.example.com/m.js',
    ]);
    expect(remoteCodeProblems(js('importScripts(url)'))).toEqual(['chunks/a.js:1: importScripts(a computed address)']);
    expect(
      remoteCodeProblems([
        { path: 'popup.html', text: '<script type="module" src="https://cdn.example.com/x.js"></script>' },
        { path: 'popup.html', text: '<link rel="stylesheet" href="//fonts.example.com/a.css">' },
        {
          path: 'a.css',
          text: '@import url("https://fonts.example.com/b.css"); .x{background:url(http://e.com/i.png)}',
        },
      ]),
    ).toEqual([
      'popup.html: loads https://cdn.example.com/x.js',
      'popup.html: loads //fonts.example.com/a.css',
      'a.css: imports https://fonts.example.com/b.css',
      'a.css: fetches https://fonts.example.com/b.css',
      'a.css: fetches http://e.com/i.png',
    ]);
  });

  it('lets packaged code and ordinary words through', () => {
    expect(
      remoteCodeProblems([
        {
          path: 'chunks/b.js',
          text: 'import "./c.js"; const o = { Function: 1, eval: 2 }; o.isAsyncFunction = typeof x === "function"; import("./d.js"); setTimeout(() => 1, 5); const s = "eval(";',
        },
        { path: 'dashboard.html', text: '<script type="module" src="/chunks/dashboard.js"></script>' },
        { path: 'a.css', text: '.i{background:url("data:image/svg+xml,%3Csvg%3E")} .j{background:url(/icon/16.png)}' },
      ]),
    ).toEqual([]);
  });
});
