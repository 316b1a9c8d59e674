import { useMemo } from 'react';
import { ApiReferenceReact } from '@scalar/api-reference-react';
import '@scalar/api-reference-react/style.css';
import './api-reference.css';

/** The token placeholder the reference puts in its examples, until the reader types their own. */
export const TOKEN_PLACEHOLDER = 'TOKEN_NOMOR_ANDA';

/**
 * Scalar's API reference of the public API's document, in its own chunk: this module (Vue and
 * Scalar, about a megabyte) is imported by /user/documentation alone, never with the app shell.
 * Nothing is fetched from outside the app, so it works under the app's CSP ('self' only): no
 * default fonts (Scalar's CDN), no telemetry, no AI agent, no proxy; requests from "Test Request"
 * go to the reader's own server.
 */
export function ApiReference({ document, serverUrl }: { document: object; serverUrl: string }) {
  const configuration = useMemo(
    () => ({
      content: document,
      servers: [{ url: serverUrl, description: 'Server Sapa Anda' }],
      baseServerURL: serverUrl,
      authentication: {
        preferredSecurityScheme: 'bearer',
        securitySchemes: { bearer: { token: TOKEN_PLACEHOLDER } },
      },
      theme: 'default' as const,
      layout: 'modern' as const,
      forceDarkModeState: 'light' as const,
      hideDarkModeToggle: true,
      withDefaultFonts: false,
      telemetry: false,
      agent: { disabled: true },
      showDeveloperTools: 'never' as const,
      persistAuth: false,
      hideClientButton: false,
      documentDownloadType: 'json' as const,
      defaultHttpClient: { targetKey: 'shell' as const, clientKey: 'curl' },
      operationTitleSource: 'summary' as const,
    }),
    [document, serverUrl],
  );
  return (
    <div className="sapa-api-reference" data-testid="api-reference">
      <ApiReferenceReact configuration={configuration} />
    </div>
  );
}
