/**
 * Reads one REG_SZ value under HKEY_LOCAL_MACHINE through the Win32 API itself, so nothing in the process
 * environment can point it elsewhere. Only `bindRegGetValue` touches Windows; the rest runs against stand-ins.
 */

/** `RegGetValueW` as called here: data null asks the size; returns a Win32 error code (0 is success). */
export type RegGetValue = (
  hive: number,
  subKey: string,
  value: string,
  flags: number,
  type: null,
  data: Buffer | null,
  size: [number],
) => number;

// HKEY_LOCAL_MACHINE is (HKEY)(LONG)0x80000002, sign-extended to a 64-bit handle.
const HKEY_LOCAL_MACHINE = -0x7ffffffe;
// A REG_SZ value only (a DWORD or an expandable string is refused), read from the 64-bit view.
const RRF_RT_REG_SZ = 0x2;
const RRF_SUBKEY_WOW6464KEY = 0x10000;

const ERROR_SUCCESS = 0;
const ERROR_FILE_NOT_FOUND = 2;
const ERROR_ACCESS_DENIED = 5;
const ERROR_MORE_DATA = 234;

/** A Win32 error as Node names a file system one, so the policy reader treats both alike (ENOENT: no policy). */
function failure(code: number, where: string): Error {
  const name =
    code === ERROR_FILE_NOT_FOUND ? 'ENOENT' : code === ERROR_ACCESS_DENIED ? 'EACCES' : `WIN32_ERROR_${code}`;
  return Object.assign(new Error(`${name}: could not read ${where} (Win32 error ${code})`), { code: name });
}

/** The text of `HKLM\<subKey>\<value>`; throws with `code` ENOENT when the key or the value is not there. */
export function readMachineString(regGetValue: RegGetValue, subKey: string, value: string): string {
  const where = `HKEY_LOCAL_MACHINE\\${subKey}\\${value}`;
  const flags = RRF_RT_REG_SZ | RRF_SUBKEY_WOW6464KEY;
  // The value may grow between asking its size and reading it: ask again a few times.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const size: [number] = [0];
    const asked = regGetValue(HKEY_LOCAL_MACHINE, subKey, value, flags, null, null, size);
    if (asked !== ERROR_SUCCESS) throw failure(asked, where);
    const data = Buffer.alloc(size[0]);
    const read = regGetValue(HKEY_LOCAL_MACHINE, subKey, value, flags, null, data, size);
    if (read === ERROR_MORE_DATA) continue;
    if (read !== ERROR_SUCCESS) throw failure(read, where);
    // UTF-16LE, ending in a NUL that RegGetValueW guarantees.
    return data.toString('utf16le', 0, size[0]).replace(/\0+$/, '');
  }
  throw failure(ERROR_MORE_DATA, where);
}

/** The real `RegGetValueW` from advapi32 (a system DLL, loaded from System32), through koffi. Windows only. */
export async function bindRegGetValue(): Promise<RegGetValue> {
  const { default: koffi } = await import('koffi');
  const advapi32 = koffi.load('advapi32.dll');
  const call = advapi32.func('__stdcall', 'RegGetValueW', 'long', [
    'intptr_t',
    'str16',
    'str16',
    'uint32_t',
    'void *',
    'void *',
    '_Inout_ uint32_t *',
  ]);
  return (hive, subKey, value, flags, type, data, size) => call(hive, subKey, value, flags, type, data, size) as number;
}
