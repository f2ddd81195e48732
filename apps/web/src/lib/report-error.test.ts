// Screens' error texts after the catalogue: no second toast for handled errors, the server's text or the fallback otherwise.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { notify } from './notify';
import { setNavigator } from './navigation';
import { reportLoadError, reportSaveError } from './report-error';

beforeEach(() => {
  vi.spyOn(notify, 'error').mockImplementation(() => undefined);
});

describe('reportLoadError', () => {
  it('stays quiet when the catalogue already told the user', () => {
    const error = new ApiError(400, 'Bad Request', { status: 400, message: 'x' });
    error.handled = true;
    reportLoadError(error, 'Error loading users');
    expect(notify.error).not.toHaveBeenCalled();
  });

  it("toasts the screen's text for what the catalogue leaves alone", () => {
    reportLoadError(new ApiError(403, 'Forbidden', null), 'Error loading users');
    reportLoadError(new TypeError('Failed to fetch'), 'Error loading users');
    expect(notify.error).toHaveBeenCalledTimes(2);
    expect(notify.error).toHaveBeenCalledWith('Error loading users');
  });
});

describe('reportSaveError', () => {
  it('returns field errors for the form to list', () => {
    const error = new ApiError(400, 'Bad Request', {
      errors: { packageName: ['Package name is required'] },
    });
    expect(reportSaveError(error, 'Failed to add package')).toEqual(['Package name is required']);
    expect(notify.error).not.toHaveBeenCalled();
  });

  it("toasts the server's text, else the fallback", () => {
    const taken = new ApiError(400, 'Bad Request', {
      status: 400,
      message: 'Package code is already in use',
    });
    expect(reportSaveError(taken, 'Failed to add package')).toEqual([]);
    expect(notify.error).toHaveBeenLastCalledWith('Package code is already in use');
    reportSaveError(new TypeError('Failed to fetch'), 'Failed to add package');
    expect(notify.error).toHaveBeenLastCalledWith('Failed to add package');
  });

  it('sends a 500 to the server-error page like every other call', () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    reportSaveError(new ApiError(500, 'Internal Server Error', { status: 500 }), 'Failed');
    expect(navigate).toHaveBeenCalledWith('/server-error', { state: { error: { status: 500 } } });
    expect(notify.error).not.toHaveBeenCalled();
  });
});
