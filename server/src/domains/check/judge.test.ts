import { describe, expect, it } from 'vitest';
import { judge } from './judge.js';

const answer = (a: string | null, photos = 0) => ({ answer: a, photos });

describe('judging an answer at once', () => {
  const number = { answerType: 'number', lowerLimit: '10.5', upperLimit: '20' };
  it('a number outside its limits is abnormal, on the limits it is not; no float rounding', () => {
    expect(judge(number, answer('10.5'))).toMatchObject({ abnormal: false, answerNumber: '10.5' });
    expect(judge(number, answer('20.0000'))).toMatchObject({ abnormal: false });
    expect(judge(number, answer('20.0001'))).toMatchObject({ abnormal: true });
    expect(judge(number, answer('10.4999'))).toMatchObject({ abnormal: true });
    expect(judge(number, answer('-3'))).toMatchObject({ abnormal: true });
    expect(judge({ answerType: 'number', upperLimit: '0.3' }, answer('0.3'))).toMatchObject({ abnormal: false });
    expect(judge(number, answer('abc'))).toEqual({ error: 'notNumber', params: { value: 'abc' } });
    expect(judge(number, answer('1e3'))).toMatchObject({ error: 'notNumber' });
  });
  it('pass/fail: fail is abnormal, anything else refused', () => {
    expect(judge({ answerType: 'passfail' }, answer('pass'))).toMatchObject({ abnormal: false });
    expect(judge({ answerType: 'passfail' }, answer('fail'))).toMatchObject({ abnormal: true });
    expect(judge({ answerType: 'passfail' }, answer('maybe'))).toEqual({ error: 'passOrFail' });
  });
  it('a choice must be one of the options; the abnormal ones are abnormal', () => {
    const item = { answerType: 'choice', choices: '清洁, 有油污，漏油', abnormalChoices: '漏油' };
    expect(judge(item, answer('有油污'))).toMatchObject({ abnormal: false });
    expect(judge(item, answer('漏油'))).toMatchObject({ abnormal: true });
    expect(judge(item, answer('冒烟'))).toMatchObject({ error: 'notAChoice' });
  });
  it('a text is never abnormal but needed; a photo item needs a photo', () => {
    expect(judge({ answerType: 'text' }, answer('ok'))).toMatchObject({ abnormal: false });
    expect(judge({ answerType: 'text' }, answer('  '))).toEqual({ error: 'answerRequired' });
    expect(judge({ answerType: 'photo' }, answer(null))).toEqual({ error: 'photoRequired' });
    expect(judge({ answerType: 'photo' }, answer(null, 1))).toMatchObject({ abnormal: false });
    expect(judge({ answerType: 'passfail', photoRequired: true }, answer('pass'))).toEqual({ error: 'photoRequired' });
  });
});
