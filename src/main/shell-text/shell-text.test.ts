import { describe, expect, it } from 'vitest';
import { argumentNames } from '../../shared/test-support/icu-arguments';
import { shellDe, shellEn, shellEs, shellFr, type ShellMessageId } from './messages';
import { ShellLanguage, shellText } from './shell-text';

const ids = Object.keys(shellEn) as ShellMessageId[];

describe('the shell’s dialogs and menu in the clerk’s language', () => {
  it.each([
    ['de', shellDe],
    ['fr', shellFr],
    ['es', shellEs],
  ])('%s has every English id, each valid ICU with the same arguments', (_, catalogue) => {
    expect(Object.keys(catalogue).sort()).toEqual([...ids].sort());
    for (const id of ids) expect(argumentNames(catalogue[id]), id).toEqual(argumentNames(shellEn[id]));
  });

  it('words counts with each language’s plural rules', () => {
    expect(shellText('en')('quit.message', { count: 1 })).toBe('1 animal is not sent to the service yet.');
    expect(shellText('de')('quit.message', { count: 2 })).toBe('2 Tiere sind noch nicht an den Dienst gesendet.');
    expect(shellText('fr')('quit.message', { count: 1 })).toBe('1 animal n’est pas encore envoyé au service.');
  });

  it('speaks the policy’s or the system’s language until the page reports the clerk’s', () => {
    const language = new ShellLanguage('fr');
    expect(language.text()('update.later')).toBe('Plus tard');
    expect(language.report('de')).toBe(true);
    expect(language.text()('update.later')).toBe('Später');
    expect(language.report('de')).toBe(false);
  });
});
