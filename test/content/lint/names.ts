// Loads the name lists in test/content/names/ (taken from the SGroups code; each file names its
// source) into the lookups the checks use.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const NAMES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'names');
const load = <T>(file: string): T => JSON.parse(readFileSync(path.join(NAMES_DIR, file), 'utf8')) as T;

// ---- API v2 -------------------------------------------------------------------------------
interface ApiFile {
  enums: Record<string, string[]>;
  /** message → [protoName, jsonName, type?]; type "enum:X" names an enum, other types a message. */
  messages: Record<string, [string, string, string?][]>;
}

export interface ApiNames {
  /** JSON (canonical) names first, then proto names: the order the "did you mean" hint prefers. */
  keys: string[];
  keySet: Set<string>;
  /** Field name (either spelling) → the values its enum allows. */
  enumOf: Map<string, { enumName: string; values: string[] }>;
}

export function apiNames(): ApiNames {
  const file = load<ApiFile>('api-v2.json');
  const json = new Set<string>();
  const proto = new Set<string>();
  const enumOf = new Map<string, { enumName: string; values: string[] }>();
  for (const fields of Object.values(file.messages)) {
    for (const [protoName, jsonName, type] of fields) {
      json.add(jsonName);
      proto.add(protoName);
      if (type?.startsWith('enum:')) {
        const enumName = type.slice(5);
        const values = file.enums[enumName];
        if (!values) throw new Error(`test/content/names/api-v2.json: field ${jsonName} names an unknown enum ${enumName}`);
        enumOf.set(jsonName, { enumName, values });
        enumOf.set(protoName, { enumName, values });
      }
    }
  }
  // google.protobuf.Any inside error details carries its type under "@type".
  json.add('@type');
  const keys = [...json, ...[...proto].filter((p) => !json.has(p))];
  return { keys, keySet: new Set(keys), enumOf };
}

// ---- Terraform ------------------------------------------------------------------------------
/** An attribute schema: null for a plain value, an object for a nested object (or list of them). */
export type AttrSchema = { [name: string]: AttrSchema } | null;

interface TerraformFile {
  provider: { name: string; attributes: { [k: string]: AttrSchema } };
  terraformMeta: { blocks: string[]; attributes: string[] };
  resources: Record<string, { [k: string]: AttrSchema }>;
  dataSources: Record<string, { [k: string]: AttrSchema }>;
}

export const terraformNames = (): TerraformFile => load<TerraformFile>('terraform.json');

// ---- Config keys ------------------------------------------------------------------------------
interface ConfigFile {
  envPrefix: string;
  keys: { key: string; env: string }[];
  rejectedSpellings?: { names: Record<string, string> };
}

export interface ConfigNames {
  keys: string[];
  env: string[];
  envPrefix: string;
  /** Wrong spellings a page may name in prose to warn the reader → the real name. */
  rejected: Record<string, string>;
}

export function configNames(which: 'server' | 'agent'): ConfigNames {
  const file = load<ConfigFile>(`${which}-config.json`);
  return {
    keys: file.keys.map((k) => k.key), env: file.keys.map((k) => k.env), envPrefix: file.envPrefix,
    rejected: file.rejectedSpellings?.names ?? {},
  };
}

// ---- Metrics -----------------------------------------------------------------------------------
interface MetricsFile {
  namespaces: string[];
  server: Record<string, string>;
  agent: Record<string, string>;
  standard: Record<string, string>;
  labels: { names: string[] };
}

export interface MetricNames {
  namespaces: string[];
  /** Label names: snake_case too, never reported as metrics. */
  labels: Set<string>;
  /** Every name a scrape shows, histogram and summary series included. */
  exposed: Set<string>;
  /** The metric names themselves, for hints. */
  names: string[];
}

export function metricNames(): MetricNames {
  const file = load<MetricsFile>('metrics.json');
  const all = { ...file.standard, ...file.server, ...file.agent };
  const exposed = new Set<string>();
  for (const [name, type] of Object.entries(all)) {
    exposed.add(name);
    if (type === 'histogram') for (const s of ['_bucket', '_sum', '_count']) exposed.add(name + s);
    if (type === 'summary') for (const s of ['_sum', '_count']) exposed.add(name + s);
  }
  return { namespaces: file.namespaces, labels: new Set(file.labels.names), exposed, names: Object.keys(all) };
}
