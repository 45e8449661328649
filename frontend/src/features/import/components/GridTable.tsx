import type { ReactNode } from 'react';

/** A table that scrolls sideways on a narrow screen: its caption, column headers and rows. */
export function GridTable({
  caption,
  captionClassName,
  columns,
  children,
}: {
  caption: string;
  captionClassName?: string;
  columns: string[];
  children: ReactNode;
}) {
  return (
    <div className="table-scroll">
      <table className="grid-table">
        <caption className={captionClassName}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
