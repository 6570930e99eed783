// Phrases that tell the reader what we could not settle instead of the answer (issue 18): they fail
// on every page, in prose and in code-block titles alike.
import type { Problem } from './problem.ts';

export const HEDGING: { pattern: RegExp; label: string }[] = [
  { pattern: /не подтвержд/i, label: 'не подтвержд…' },
  { pattern: /не проверен/i, label: 'не проверен…' },
  { pattern: /не проверял/i, label: 'не проверял…' },
  { pattern: /(?:выведено|сделан|судя) (?:из|по) код/i, label: 'выведено из кода / судя по коду' },
  { pattern: /в (?:старой|ранней|прежней) (?:версии )?документац/i, label: 'в старой документации' },
  { pattern: /ожидается по коду/i, label: 'ожидается по коду' },
  { pattern: /по коду ожидается/i, label: 'по коду ожидается' },
  { pattern: /прежн(?:яя|ие|ей|их) (?:документац|инструкц)/i, label: 'прежняя документация / прежние инструкции' },
];

export function checkHedging(file: string, text: string): Problem[] {
  const problems: Problem[] = [];
  text.split(/\r?\n/).forEach((line, k) => {
    for (const h of HEDGING) {
      const m = h.pattern.exec(line);
      if (m) {
        problems.push({
          file, line: k + 1, check: 'hedging',
          message: `hedging phrase "${m[0]}": state the answer the code gives, or one sentence on how the reader checks it on their host`,
        });
      }
    }
  });
  return problems;
}
