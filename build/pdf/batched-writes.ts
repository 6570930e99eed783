// A replacement on pdfkit's object class (checked against pdfkit 0.20): every drawing operator
// is written to its page's content stream as a string, and pdfkit turns each one into a
// Uint8Array of its own at once, byte by byte in JavaScript — tens of thousands of tiny arrays for
// the guide, and a good part of the garbage collected. Here an object's string writes wait in a
// list and go in as one run of bytes (the same bytes: pdfkit ends every write with a newline, and
// the list is joined with newlines) before a write of bytes and before the object is finalized,
// so the output is byte for byte what pdfkit writes by itself.
interface ReferenceLike {
  write(chunk: string | Uint8Array): unknown;
  finalize(): unknown;
  pendingText?: string[];
}

const patched = new WeakSet<object>();

function flush(ref: ReferenceLike, write: ReferenceLike['write']): void {
  const pending = ref.pendingText;
  if (!pending?.length) return;
  ref.pendingText = [];
  // pdfkit keeps the low byte of each UTF-16 unit, as Node's latin1 encoding does (natively).
  write.call(ref, Buffer.from(`${pending.join('\n')}\n`, 'latin1'));
}

/**
 * Installs the batching on the class of the document's objects, reached through the first page's
 * content stream (pdfkit does not export the class).
 */
export function useBatchedWrites(doc: PDFKit.PDFDocument): void {
  doc.once('pageAdded', () => {
    const proto = Object.getPrototypeOf((doc.page as unknown as { content: object }).content) as ReferenceLike;
    if (patched.has(proto) || typeof proto.write !== 'function' || typeof proto.finalize !== 'function') return;
    patched.add(proto);
    const write = proto.write;
    const finalize = proto.finalize;
    proto.write = function batchedWrite(this: ReferenceLike, chunk: string | Uint8Array) {
      if (typeof chunk === 'string') {
        (this.pendingText ??= []).push(chunk);
        return;
      }
      flush(this, write);
      return write.call(this, chunk);
    };
    proto.finalize = function finalizeBatched(this: ReferenceLike) {
      flush(this, write);
      return finalize.call(this);
    };
  });
}
