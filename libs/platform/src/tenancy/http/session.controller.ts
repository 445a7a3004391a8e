import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { SessionsService } from '../../auth/sessions.service';
import { Public } from '../../http/decorators';
import { ErrorEnvelope } from '../../errors/error-envelope';
import { checkCsrf, clearSessionCookies, sessionToken, setSessionCookies } from '../../http/session-cookies';
import { TenancyService } from '../tenancy.service';
import { meOf } from './tenancy.controllers';
import { MeDto, SignInDto } from './tenancy.dto';

/**
 * The console's sign-in: `POST /api/login/` opens a session (the HttpOnly `sessionid` cookie and
 * the `posthog_csrftoken` cookie that writes echo in `X-CSRFToken`); `POST /api/logout/` ends it.
 */
@ApiTags('users')
@Controller('api')
export class SessionController {
  constructor(
    private readonly sessions: SessionsService,
    private readonly tenancy: TenancyService,
  ) {}

  /** Signs in with email and password; answers as `GET /api/users/@me/`. Failed attempts are throttled. */
  @Post('login')
  @Public()
  @HttpCode(200)
  @ApiOkResponse({ type: MeDto })
  @ApiResponse({ status: 401, description: 'Wrong email or password (or a user without one).', type: ErrorEnvelope })
  async login(@Body() body: SignInDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<MeDto> {
    const session = await this.sessions.signIn(body.email, body.password);
    setSessionCookies(req, res, session);
    return meOf(this.tenancy, session.actor.userId);
  }

  /**
   * Ends the session of the request's cookie, which must come with its CSRF token (403
   * otherwise); without a session there is nothing to end and it answers 204 all the same.
   */
  @Post('logout')
  @Public()
  @HttpCode(204)
  @ApiNoContentResponse()
  @ApiResponse({ status: 403, description: "The session's CSRF token is missing or wrong.", type: ErrorEnvelope })
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    const token = sessionToken(req);
    const session = token === undefined ? undefined : await this.sessions.authenticate(token);
    if (session) {
      checkCsrf(req, session);
      await this.sessions.signOut(token!);
    }
    clearSessionCookies(req, res);
  }
}
