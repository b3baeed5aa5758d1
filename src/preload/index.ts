import { contextBridge, ipcRenderer } from 'electron';
import { buildPetstoreApi } from './api';

contextBridge.exposeInMainWorld('petstore', buildPetstoreApi(ipcRenderer));

// A process's first number format costs tens of ms (loading Intl's data, which the page's world shares), and the
// list's count needs one: paid here, while the page's script loads, not between its first answers and its first rows.
new Intl.NumberFormat().format(0);
