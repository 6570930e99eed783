// Regenerates the two PDFs the footer links to (static/files/). They are committed, so a build
// never needs this script; run it after editing the texts: `npx tsx scripts/make-pdfs.ts`.
// Needs a font with Cyrillic: Debian's fonts-dejavu-core.
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const BOLD = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

type Block = { h?: string; p?: string };

function write(file: string, title: string, blocks: Block[]) {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title, Author: 'ООО «ПРТ»' } });
  doc.pipe(createWriteStream(path.join(root, 'static', 'files', file)));
  doc.font(BOLD).fontSize(18).text(title, { align: 'center' }).moveDown();
  for (const b of blocks) {
    if (b.h) doc.font(BOLD).fontSize(13).text(b.h).moveDown(0.4);
    if (b.p) doc.font(FONT).fontSize(11).text(b.p, { align: 'justify' }).moveDown(0.8);
  }
  doc.end();
}

write('polzovatelskoe-soglashenie.pdf', 'Пользовательское соглашение', [
  { p: 'Настоящее соглашение описывает условия использования сайта документации SGroups (далее — сайт). Открывая страницы сайта, вы принимаете эти условия.' },
  { h: '1. Назначение сайта', p: 'Сайт содержит справочные материалы о программном обеспечении SGroups: сервере правил, агенте HBF и провайдере Terraform. Материалы предоставляются бесплатно и только для ознакомления.' },
  { h: '2. Программное обеспечение', p: 'Исходный код SGroups распространяется по лицензии MIT, текст которой находится в репозитории проекта. Соглашение не изменяет условий этой лицензии.' },
  { h: '3. Ответственность', p: 'Материалы подготовлены добросовестно, но могут содержать неточности. Перед изменением правил межсетевого экрана в рабочей среде проверьте их на тестовом стенде. Правообладатель не отвечает за последствия применения материалов.' },
  { h: '4. Данные посетителей', p: 'Сайт не использует формы и не собирает персональные данные. Настройки интерфейса (тема, скрытое объявление, выбранные вкладки) хранятся только в вашем браузере. Браузер обращается к публичному API GitHub, чтобы показать версию и число звёзд репозитория.' },
  { h: '5. Права', p: 'Исключительные права на программное обеспечение и тексты документации принадлежат ООО «ПРТ». Цитирование с указанием источника допускается.' },
  { h: '6. Связь', p: 'Вопросы и сообщения об ошибках принимаются в канале поддержки в Telegram: https://t.me/sgroups_support.' },
]);

write('documentation.pdf', 'Руководство пользователя SGroups', [
  { p: 'Это краткое руководство. Полная и всегда актуальная версия документации находится на сайте в разделах «Информация» и «Техническая документация».' },
  { h: 'Что такое SGroups', p: 'SGroups — хостовый межсетевой экран на группах безопасности. Сервер хранит сети, группы и правила, агент на каждом хосте превращает их в конфигурацию nftables, провайдер Terraform позволяет управлять политикой как кодом.' },
  { h: 'С чего начать', p: 'Установите сервер (раздел «HBF-сервер → Установка»), подготовьте базу данных («Миграция»), разверните агент на хостах («HBF-агент → Установка») и опишите сети, группы и правила через HTTP API v2 или Terraform («Конфигурация ресурсов»).' },
  { h: 'Поддержка', p: 'Канал поддержки в Telegram: https://t.me/sgroups_support.' },
]);
console.log('PDFs written to static/files/');
