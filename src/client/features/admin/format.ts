/** A count with thousands separators: 12345 → '12,345'. */
export const formatCount = (n: number) => n.toLocaleString('en-US');
