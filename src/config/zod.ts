// zod's tree-shakable build, with its English messages. The classic `zod` import is ~750 KB of
// JavaScript that every build process, worker and dev server start paid for (~90 ms) to check a
// config file and front matter; `zod/mini` is the same validator, its checks written as
// functions (`z.optional(z.string())` for `z.string().optional()`). Import it as a namespace
// (`import * as z`), so that the bundle keeps only the functions used.
import { config } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

// Without a locale zod/mini says only "Invalid input"; the build's messages quote zod's words.
config(en());

export * from 'zod/mini';
