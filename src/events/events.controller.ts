import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../auth/decorators/current-user.decorator';
import { AuthenticatedUser } from '../common/access/caller';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { EVENT_OBJECTS, EventPageDto, EventResponseDto } from './dto/event.response.dto';
import { ListEventsQueryDto } from './dto/list-events.query.dto';
import { EVENT_EXAMPLES } from './dto/event-examples';
import { EventsService } from './events.service';
import { RequiresScope } from '../auth/decorators/scope.decorator';

@ApiTags('events')
@ApiExtraModels(...EVENT_OBJECTS.map(({ schema }) => schema))
@Controller('v1/events')
export class EventsController {
  constructor(private readonly events: EventsService) {}

  @RequiresScope('events:read')
  @Get()
  @ApiOperation({
    operationId: 'listEvents',
    summary: 'List events',
    description:
      "Every change, recorded in the same database transaction as the change. Members see their account's events; admins " +
      "see all, or one account's with `account_id`. Newest first; with `after_sequence` (one account), the events after " +
      'that sequence, oldest first: sequences have no gaps, so a consumer can tell what it missed. Kept at least 30 days.',
  })
  @ApiOkResponse({ type: EventPageDto })
  @ApiErrors('validation_error', 'unauthorized', 'insufficient_permissions')
  list(@CurrentUser() caller: AuthenticatedUser, @Query() query: ListEventsQueryDto): Promise<EventPageDto> {
    return this.events.list(caller, query);
  }

  @RequiresScope('events:read')
  @Get(':event_id')
  @ApiOperation({ operationId: 'getEvent', summary: 'Retrieve an event', description: "One of your account's events (any, for admins)." })
  @ApiParam({ name: 'event_id', description: 'An event id (`evt_...`).' })
  @ApiOkResponse({
    type: EventResponseDto,
    description: 'One example per event type; webhook deliveries carry the same body.',
    examples: EVENT_EXAMPLES,
  })
  @ApiErrors('unauthorized', 'event_not_found')
  get(@CurrentUser() caller: AuthenticatedUser, @Param('event_id') eventId: string): Promise<EventResponseDto> {
    return this.events.get(caller, eventId);
  }
}
