// A queue's chosen status tab and page: choosing another status goes back to page 1.
import { useState } from 'react';

export function useStatusPage<T>(initial: T) {
  const [status, setStatusOnly] = useState<T>(initial);
  const [pageNumber, setPageNumber] = useState(1);
  const setStatus = (value: T) => {
    setStatusOnly(value);
    setPageNumber(1);
  };
  return { status, setStatus, pageNumber, setPageNumber };
}
