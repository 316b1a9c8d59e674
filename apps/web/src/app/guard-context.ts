import { createContext } from 'react';

/** True while the current location was denied and the guard is sending the visitor back. */
export const DeniedContext = createContext(false);
