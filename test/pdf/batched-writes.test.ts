// pdfkit's writes batched (build/pdf/batched-writes.ts): the same PDF, byte for byte, with the
// page's drawing operators gathered into a few chunks instead of one array each. Node's runner
// gives this file its own process, so the first document below is drawn by pdfkit unchanged.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import PDFDocument from 'pdfkit';
import { useBatchedWrites } from '../../build/pdf/batched-writes.ts';

interface Drawn { bytes: Buffer; contentChunks: number }

function draw(batched: boolean): Promise<Drawn> {
  const when = new Date('2026-01-01T00:00:00Z');
  const doc = new PDFDocument({ size: 'A4', autoFirstPage: false, bufferPages: true, compress: true, info: { CreationDate: when, ModDate: when } });
  if (batched) useBatchedWrites(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  let contentChunks = 0;
  const done = new Promise<Drawn>((resolve) => doc.on('end', () => resolve({ bytes: Buffer.concat(chunks), contentChunks })));
  for (let p = 0; p < 3; p++) {
    doc.addPage();
    for (let i = 0; i < 40; i++) {
      doc.fillColor(i % 2 ? '#cf222e' : '#24292f').rect(50 + i, 60 + i * 5, 30, 4).fill();
      doc.fontSize(9).text(`Строка ${i} страницы ${p + 1}: правила, группы и сети`, 60, 300 + i * 11);
    }
  }
  // Page numbers drawn last, on pages laid out earlier (as the guide draws its footers).
  for (let p = 0; p < 3; p++) {
    doc.switchToPage(p);
    doc.fontSize(8).text(String(p + 1), 500, 800, { lineBreak: false });
  }
  const page = doc.page as unknown as { content: { buffer: unknown[]; pendingText?: string[] } };
  // Text still waiting counts as the one chunk it will be written as.
  contentChunks = page.content.buffer.length + (page.content.pendingText?.length ? 1 : 0);
  doc.end();
  return done;
}

describe('pdfkit writes batched', () => {
  it('gives the bytes pdfkit writes by itself, from a few chunks per page instead of one per operator', async () => {
    const plain = await draw(false);
    const batched = await draw(true);
    assert.ok(plain.contentChunks > 200, `pdfkit alone writes one chunk per operator (${plain.contentChunks})`);
    assert.ok(batched.contentChunks < 5, `batched: ${batched.contentChunks} chunks`);
    assert.ok(plain.bytes.length > 1000);
    assert.ok(plain.bytes.equals(batched.bytes), 'the same PDF');
  });
});
