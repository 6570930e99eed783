// The @react-pdf/renderer side of scripts/measure-pdf.ts: the same pages drawn as React-PDF
// components (headings, paragraphs, lists, tables, code blocks with token colours, inline code,
// bold, italics, links), in the same DejaVu fonts, A4 with a page-number footer. It draws no
// figures, outline or contents, so it does less than the guide: its time is a lower bound.
import { Document, Font, Link, Page, renderToBuffer, Text, View, StyleSheet } from '@react-pdf/renderer';
import { fromHtml } from 'hast-util-from-html';
import type { Element, ElementContent } from 'hast';
import type { ReactNode } from 'react';
import path from 'node:path';
import type { GuidePage } from '../build/pdf/render.ts';
import { __fontDirForTests as fontDir } from '../build/pdf/render.ts';

Font.register({ family: 'DejaVu', fonts: [
  { src: path.join(fontDir, 'DejaVuSans.ttf') },
  { src: path.join(fontDir, 'DejaVuSans-Bold.ttf'), fontWeight: 'bold' },
  { src: path.join(fontDir, 'DejaVuSans-Oblique.ttf'), fontStyle: 'italic' },
] });
Font.register({ family: 'DejaVuMono', src: path.join(fontDir, 'DejaVuSansMono.ttf') });
Font.registerHyphenationCallback((word) => [word]);

const s = StyleSheet.create({
  page: { fontFamily: 'DejaVu', fontSize: 10.5, padding: 56, color: '#1f2328' },
  h1: { fontSize: 22, fontWeight: 'bold', marginBottom: 10 },
  h: { fontSize: 14, fontWeight: 'bold', marginTop: 10, marginBottom: 4 },
  p: { marginBottom: 6, lineHeight: 1.35 },
  pre: { fontFamily: 'DejaVuMono', fontSize: 8.5, backgroundColor: '#f6f8fa', padding: 6, marginBottom: 6 },
  code: { fontFamily: 'DejaVuMono', color: '#953800' },
  row: { flexDirection: 'row', borderBottomWidth: 0.5, borderColor: '#d0d7de' },
  cell: { flex: 1, padding: 3, fontSize: 8 },
  footer: { position: 'absolute', bottom: 30, right: 56, fontSize: 8, color: '#57606a' },
});

const text = (n: ElementContent): string => n.type === 'text' ? n.value : n.type === 'element' ? n.children.map(text).join('') : '';

/** Inline content; outside <pre> white space collapses as in HTML. */
function inline(nodes: ElementContent[], pre = false): ReactNode[] {
  return nodes.map((n, i) => {
    if (n.type === 'text') return pre ? n.value : n.value.replace(/\s+/g, ' ');
    if (n.type !== 'element') return null;
    if (n.tagName === 'strong' || n.tagName === 'b') return <Text key={i} style={{ fontWeight: 'bold' }}>{inline(n.children)}</Text>;
    if (n.tagName === 'em' || n.tagName === 'i') return <Text key={i} style={{ fontStyle: 'italic' }}>{inline(n.children)}</Text>;
    if (n.tagName === 'code') return <Text key={i} style={s.code}>{text(n)}</Text>;
    if (n.tagName === 'a') return <Link key={i} src={String(n.properties.href ?? '')}>{inline(n.children)}</Link>;
    return <Text key={i}>{inline(n.children, pre)}</Text>;
  });
}

function block(n: ElementContent, key: number): ReactNode {
  if (n.type !== 'element') return n.type === 'text' && n.value.trim() ? <Text key={key} style={s.p}>{n.value}</Text> : null;
  const kids = n.children;
  switch (n.tagName) {
    case 'h2': case 'h3': case 'h4': return <Text key={key} style={s.h}>{text(n).replace(/#$/, '')}</Text>;
    case 'p': return <Text key={key} style={s.p}>{inline(kids)}</Text>;
    case 'ul': case 'ol': return <View key={key}>{kids.filter((k): k is Element => k.type === 'element').map((li, i) => <Text key={i} style={s.p}>{n.tagName === 'ol' ? `${i + 1}. ` : '• '}{inline(li.children)}</Text>)}</View>;
    case 'pre': return <Text key={key} style={s.pre}>{inline(kids, true)}</Text>;
    case 'table': {
      const rows: Element[] = [];
      const walk = (e: Element) => e.children.forEach((c) => { if (c.type === 'element') (c.tagName === 'tr' ? rows.push(c) : walk(c)); });
      walk(n);
      return <View key={key}>{rows.map((r, i) => <View key={i} style={s.row} wrap={false}>{r.children.filter((c): c is Element => c.type === 'element').map((c, j) => <Text key={j} style={s.cell}>{text(c)}</Text>)}</View>)}</View>;
    }
    case 'img': case 'figure': case 'picture': return null;
    default: return <View key={key}>{kids.map(block)}</View>;
  }
}

export async function renderWithReactPdf(pages: GuidePage[]): Promise<Buffer> {
  const doc = (
    <Document title="SGroups: руководство пользователя" language="ru">
      {pages.map((p) => (
        <Page key={p.route} size="A4" style={s.page}>
          <Text style={s.h1}>{p.title}</Text>
          {fromHtml(p.html, { fragment: true }).children.map((c, i) => block(c as ElementContent, i))}
          <Text style={s.footer} fixed render={({ pageNumber }) => String(pageNumber)} />
        </Page>
      ))}
    </Document>
  );
  return renderToBuffer(doc);
}
