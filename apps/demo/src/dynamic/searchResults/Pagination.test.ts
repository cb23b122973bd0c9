import { describe, expect, it } from 'vitest';
import { pageNumbers } from './Pagination';

describe('pageNumbers', () => {
  it('shows every page of a short list', () => {
    expect(pageNumbers(1, 3)).toEqual([1, 2, 3]);
  });
  it('keeps the ends and the neighbours of the current page, with gaps between', () => {
    expect(pageNumbers(5, 9)).toEqual([1, 'gap', 4, 5, 6, 'gap', 9]);
    expect(pageNumbers(1, 9)).toEqual([1, 2, 'gap', 9]);
    expect(pageNumbers(9, 9)).toEqual([1, 'gap', 8, 9]);
  });
});
