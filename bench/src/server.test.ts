import { describe, expect, it } from 'vitest';
import { serverNodeOptions } from './server.js';

describe('the server the bench starts', () => {
  it('takes the Node options of the start script, so it runs as npm start runs it', () => {
    expect(serverNodeOptions('node scripts/build-if-changed.mjs && node --v8-pool-size=1 server/dist/main.js')).toEqual(
      ['--v8-pool-size=1'],
    );
    expect(serverNodeOptions('node server/dist/main.js')).toEqual([]);
    expect(() => serverNodeOptions('node scripts/build-if-changed.mjs')).toThrow(/does not run server\/dist\/main.js/);
    expect(serverNodeOptions()).toEqual(['--v8-pool-size=1', '--max-semi-space-size=8']);
  });
});
