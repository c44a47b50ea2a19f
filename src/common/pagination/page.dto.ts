import { Type } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';

/** The OpenAPI schema of one page of `item`s; each list declares `class XPageDto extends PageOf(XResponseDto) {}`. */
export function PageOf<Item>(item: Type<Item>) {
  class PageDto {
    @ApiProperty({ type: [item], description: 'Newest first.' })
    data: Item[];

    @ApiProperty({ example: false, description: 'True when another page follows.' })
    has_more: boolean;

    @ApiProperty({ type: String, nullable: true, example: null, description: 'Pass as `cursor` to get the next page; null on the last page.' })
    next_cursor: string | null;
  }
  return PageDto;
}
