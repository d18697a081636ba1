import { describe, expect, it } from 'vitest';
import { detailsWithRequestId, splitRequestId } from './requestId.ts';

describe("the request id in an error's details", () => {
  it('comes off again whole, leaving what details said', () => {
    for (const details of [null, 'Spam w komentarzach', 'Treść za długa (max 30 tys. znaków)']) {
      const id = '4f1c2b3a9d8e7f6a5b4c3d2e1f0a9b8c';
      expect(splitRequestId(detailsWithRequestId(details, id))).toEqual({ details, requestId: id });
    }
  });

  it('leaves details without an id as they are', () => {
    expect(splitRequestId('Tytuł musi mieć co najmniej 10 znaków')).toEqual({
      details: 'Tytuł musi mieć co najmniej 10 znaków',
      requestId: null,
    });
    expect(splitRequestId(undefined)).toEqual({ details: null, requestId: null });
    expect(splitRequestId('request id: with spaces')).toEqual({
      details: 'request id: with spaces',
      requestId: null,
    });
  });
});
