import { posix } from 'node:path';
import type { ReadText } from './core';
import { readMachineString, type RegGetValue } from './windows-registry';

/** Where IT's policy lives on this machine, and how to read it whole. */
export interface PolicySource {
  /** Shown in the notice when it cannot be read. */
  path: string;
  readText: ReadText;
}

/** The registry key IT tools (Group Policy, Intune) write, as for Chrome and VS Code. */
export const WINDOWS_POLICY_KEY = 'SOFTWARE\\Policies\\Petstore Counter';
/** Its one REG_SZ value: the same JSON document as `policy.json` elsewhere. */
export const WINDOWS_POLICY_VALUE = 'Policy';

/**
 * The machine-wide policy, from a place only administrators can write and nothing in the process environment
 * names: on Windows the HKLM policy key (read through the Win32 API), on macOS and Linux fixed system paths.
 */
export function machinePolicySource(
  platform: NodeJS.Platform,
  parts: { readFile: ReadText; regGetValue: () => Promise<RegGetValue> },
): PolicySource {
  if (platform === 'win32') {
    return {
      path: `HKEY_LOCAL_MACHINE\\${WINDOWS_POLICY_KEY}\\${WINDOWS_POLICY_VALUE}`,
      readText: async () => readMachineString(await parts.regGetValue(), WINDOWS_POLICY_KEY, WINDOWS_POLICY_VALUE),
    };
  }
  const path =
    platform === 'darwin'
      ? posix.join('/Library/Application Support/Petstore Counter', 'policy.json')
      : posix.join('/etc/petstore-counter', 'policy.json');
  return { path, readText: parts.readFile };
}
