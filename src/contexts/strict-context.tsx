// A context whose hook throws when used outside its provider: a component rendered in the
// wrong place fails loudly in development instead of reading a silent default.
import { createContext, useContext, type Context } from 'react';

export class ContextMissingError extends Error {
  constructor(hook: string, provider: string) {
    super(`${hook}() was called outside <${provider}>. Wrap the component tree in <${provider}>.`);
    this.name = 'ContextMissingError';
  }
}

const MISSING = Symbol('missing');

export function createStrictContext<T>(name: string): [Context<T | typeof MISSING>, () => T] {
  const ctx = createContext<T | typeof MISSING>(MISSING);
  ctx.displayName = name;
  const useStrict = () => {
    const value = useContext(ctx);
    if (value === MISSING) throw new ContextMissingError(`use${name}`, `${name}Provider`);
    return value;
  };
  return [ctx, useStrict];
}
