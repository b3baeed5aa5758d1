import { contextBridge, ipcRenderer } from 'electron';
import { buildPetstoreApi } from './api';

contextBridge.exposeInMainWorld('petstore', buildPetstoreApi(ipcRenderer));
