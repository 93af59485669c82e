/** 200000 → 200,000: a big category's total stays readable. */
export const formatCount = (count: number) => count.toLocaleString('en-US');
