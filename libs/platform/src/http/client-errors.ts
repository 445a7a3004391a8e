import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorEnvelope } from '../errors/error-envelope';

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/** What Node's parser reports before any route runs, as the envelope every other error is. */
function answerFor(code: string | undefined): { status: number; body: ErrorEnvelope } {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return {
      status: 431,
      body: {
        type: 'invalid_request',
        code: 'request_header_fields_too_large',
        detail: 'The request line and headers together are larger than 16 KiB.',
        attr: null,
      },
    };
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return {
      status: 408,
      body: {
        type: 'invalid_request',
        code: 'request_timeout',
        detail: 'The request took too long to arrive.',
        attr: null,
      },
    };
  }
  return {
    status: 400,
    body: { type: 'validation_error', code: 'parse_error', detail: 'The HTTP request is malformed.', attr: null },
  };
}

/**
 * Node answers a request it cannot parse (a head over 16 KiB, a malformed request line) with a
 * bare status line; this answers it with the error envelope instead, then closes the socket.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const { status, body } = answerFor(error.code);
    const json = JSON.stringify(body);
    socket.end(
      `HTTP/1.1 ${status} ${REASONS[status]}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
  });
}
