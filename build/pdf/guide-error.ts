// The user guide's errors (an image it cannot embed, an element it does not know), in a module of
// their own: the build imports this at start, and pdfkit only in the worker that renders.
export class GuideError extends Error {}
