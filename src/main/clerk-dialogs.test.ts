import { describe, expect, it } from 'vitest';
import {
  confirmKeyOrigin,
  confirmQuitWithUnsent,
  confirmRestartForUpdate,
  showDataFolderInUse,
  type MessageDialog,
} from './clerk-dialogs';
import { shellText } from './shell-text/shell-text';

const en = shellText('en');

// Electron's dialog cannot open here: a stand-in answers with the button the clerk pressed.
function clerkPresses(button: number): MessageDialog & { shown: string[] } {
  const shown: string[] = [];
  return {
    shown,
    showMessageBox: (...args: unknown[]) => {
      const options = args.at(-1) as { message: string; buttons: string[]; defaultId: number; cancelId: number };
      shown.push(options.message, options.buttons[options.defaultId] ?? '', options.buttons[options.cancelId] ?? '');
      return Promise.resolve({ response: button, checkboxChecked: false });
    },
  };
}

describe('the question before a key follows a changed address', () => {
  it('names the new address, defaults to keeping the key where it was, and says yes only for the first button', async () => {
    const yes = clerkPresses(0);
    expect(await confirmKeyOrigin(yes, undefined, en, 'production', 'https://a.example', 'https://b.example')).toBe(
      true,
    );
    expect(yes.shown).toEqual([
      'The Production address now points to https://b.example.',
      'Enter the key again',
      'Enter the key again',
    ]);
    expect(
      await confirmKeyOrigin(clerkPresses(1), undefined, en, 'production', 'https://a.example', 'https://b.example'),
    ).toBe(false);
  });

  it('is asked in the language it is given, the environment named in it too', async () => {
    const yes = clerkPresses(0);
    await confirmKeyOrigin(yes, undefined, shellText('de'), 'production', 'https://a.example', 'https://b.example');
    expect(yes.shown[0]).toBe('Die Adresse für Produktion zeigt jetzt auf https://b.example.');
  });
});

describe('the question before quitting with animals not sent', () => {
  it('is not asked when nothing waits, and defaults to keeping the app open', async () => {
    const dialog = clerkPresses(0);
    expect(await confirmQuitWithUnsent(dialog, undefined, en, 0)).toBe(true);
    expect(dialog.shown).toEqual([]);
    expect(await confirmQuitWithUnsent(dialog, undefined, en, 2)).toBe(true);
    expect(dialog.shown).toEqual([
      '2 animals are not sent to the service yet.',
      'Keep the app open',
      'Keep the app open',
    ]);
    expect(await confirmQuitWithUnsent(clerkPresses(1), undefined, en, 1)).toBe(false);
  });
});

describe('the question before restarting for an update', () => {
  it('defaults to later, says restart only for the first button, and mentions animals still waiting', async () => {
    const later = clerkPresses(1);
    expect(await confirmRestartForUpdate(later, undefined, en, '0.2.0', 0)).toBe('later');
    expect(later.shown).toEqual(['Petstore Counter 0.2.0 is ready to install.', 'Later', 'Later']);
    const details: string[] = [];
    const restart: MessageDialog = {
      showMessageBox: (...args: unknown[]) => {
        details.push((args.at(-1) as { detail: string }).detail);
        return Promise.resolve({ response: 0, checkboxChecked: false });
      },
    };
    expect(await confirmRestartForUpdate(restart, undefined, en, '0.2.0', 2)).toBe('restart');
    expect(details[0]).toMatch(/2 animals are being sent: the app restarts once they are sent\.$/);
  });
});

describe('the refusal when another copy holds the data folder', () => {
  it('names the folder and the process in the clerk’s language, the process id written plainly', () => {
    const shown: string[] = [];
    const dialog = { showErrorBox: (title: string, content: string) => shown.push(title, content) };
    showDataFolderInUse(dialog, shellText('de'), '/home/shop/.config/Petstore Counter', 12345);
    expect(shown).toEqual([
      'Petstore Counter läuft bereits',
      'Sein Datenordner (/home/shop/.config/Petstore Counter) wird von einer anderen Instanz von Petstore Counter verwendet (Prozess 12345). Schließen Sie diese und starten Sie die App dann erneut.',
    ]);
  });
});
