// The `Pagination` response header of docs/api.md: JSON paging facts next to an array body.
import type { FastifyReply } from 'fastify';
import type { Pagination } from '@dealerleads/shared';

export function paginationOf(pageNumber: number, pageSize: number, totalItems: number): Pagination {
  return {
    currentPage: pageNumber,
    itemsPerPage: pageSize,
    totalItems,
    totalPages: Math.ceil(totalItems / pageSize),
  };
}

export function setPagination(reply: FastifyReply, pagination: Pagination): void {
  reply.header('Pagination', JSON.stringify(pagination));
  reply.header('Access-Control-Expose-Headers', 'Pagination');
}

/** Rows to skip for a page. */
export function offsetOf(pageNumber: number, pageSize: number): number {
  return (pageNumber - 1) * pageSize;
}
