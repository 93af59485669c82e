// Which page this document was loaded at, and whether the user has moved inside the app since.
// A view that acts on being opened (/logout) must tell an in-app click from a page load: a page
// load can come from a link on another site, and such a link must not be able to act for the user.

let entryPath: string | undefined;
let hasMoved = false;

/** Called by the shell with every path it shows. */
export const notePath = (path: string) => {
  entryPath ??= path;
  if (path !== entryPath) hasMoved = true;
};

/**
 * True while `path` is the page the browser loaded (a typed URL, a reload, a link from anywhere)
 * and no in-app navigation has happened yet.
 */
export const isDocumentEntry = (path: string) => !hasMoved && (entryPath === undefined || entryPath === path);
