import { describe, expect, it } from 'vitest';
import { boardSocketUrl, socketUrl } from './socket';

describe('download socket address (spec 4)', () => {
  it('uses ws on an http page and wss on an https page, on the page host', () => {
    expect(socketUrl(7, 'tok', { protocol: 'http:', host: 'plant.local:8080' })).toBe(
      'ws://plant.local:8080/webSocket/7?token=tok',
    );
    expect(socketUrl('7', 'a b', { protocol: 'https:', host: 'eam.example.com' })).toBe(
      'wss://eam.example.com/webSocket/7?token=a%20b',
    );
  });
});

describe('board socket address', () => {
  it('carries the link token in the path, on the page host', () => {
    expect(boardSocketUrl('12-abc_DEF', { protocol: 'https:', host: 'eam.example.com' })).toBe(
      'wss://eam.example.com/webSocket/board/12-abc_DEF',
    );
  });
});
