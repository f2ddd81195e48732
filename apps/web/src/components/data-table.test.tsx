// The shared list table: header, empty row, rows, and the header labels its cells carry for the phone card layout.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable } from './data-table';

function Orders({ onConfirm }: { onConfirm: (id: string) => void }) {
  const [rows, setRows] = useState(['A1']);
  return (
    <>
      <button type="button" onClick={() => setRows((r) => [...r, `A${r.length + 1}`])}>
        More
      </button>
      <DataTable
        columns={3}
        empty={rows.length === 0}
        emptyText="No orders here"
        head={
          <>
            <th scope="col">Reference</th>
            <th scope="col">Status</th>
            <th scope="col">Actions</th>
          </>
        }
      >
        {rows.map((id) => (
          <tr key={id} data-testid="row">
            <td>{id}</td>
            <td>Open</td>
            <td>
              <button type="button" onClick={() => onConfirm(id)}>
                Confirm {id}
              </button>
            </td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}

describe('DataTable', () => {
  it('labels every body cell with its column header, rows added later too', async () => {
    const onConfirm = vi.fn();
    render(<Orders onConfirm={onConfirm} />);
    const labelsOf = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.getAttribute('data-label'));
    expect(labelsOf(screen.getByTestId('row'))).toEqual(['Reference', 'Status', 'Actions']);

    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    const rows = screen.getAllByTestId('row');
    expect(rows).toHaveLength(2);
    expect(labelsOf(rows[1]!)).toEqual(['Reference', 'Status', 'Actions']);

    await userEvent.click(screen.getByRole('button', { name: 'Confirm A2' }));
    expect(onConfirm).toHaveBeenCalledWith('A2');
  });

  it('keeps the column headers for assistive technology and marks the wrapper for the card layout', () => {
    const { container } = render(<Orders onConfirm={() => undefined} />);
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Reference',
      'Status',
      'Actions',
    ]);
    expect(container.querySelector('.table-responsive.table-cards > table')).not.toBeNull();
  });

  it('shows the empty text in one unlabelled cell across all columns', () => {
    render(
      <DataTable
        columns={4}
        empty
        emptyText="No entries yet."
        caption="History"
        head={<th scope="col">Date</th>}
      >
        {null}
      </DataTable>,
    );
    const cell = screen.getByRole('cell', { name: 'No entries yet.' });
    expect(cell).toHaveAttribute('colspan', '4');
    expect(cell).not.toHaveAttribute('data-label');
    expect(screen.getByRole('table', { name: 'History' })).toBeInTheDocument();
  });
});
