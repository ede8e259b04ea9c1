import { useEffect, useState } from 'react';

/**
 * `value`, once it has stayed the same for `ms`: what a search box or a name check asks the server
 * about, so that typing sends one request per pause rather than one per key.
 */
export function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
