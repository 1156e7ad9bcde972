import { useCallback, useEffect, useState } from "react"
import { ApiError, getJson } from "./api"

export type AdminJson<T> = {
  data: T | undefined
  error: ApiError | undefined
  /** True until the first answer for this path arrives. */
  isLoading: boolean
  /** True while any request is in flight, the first one included. */
  isFetching: boolean
  refresh: () => void
}

/**
 * GET a JSON admin endpoint. A null path fetches nothing, for data that is only needed once a form opens.
 * Data from the previous answer stays on screen during a refresh so the widget does not flicker after
 * every action.
 */
export function useAdminJson<T>(path: string | null): AdminJson<T> {
  const [data, setData] = useState<T>()
  const [error, setError] = useState<ApiError>()
  const [isFetching, setIsFetching] = useState(path !== null)
  const [loadedPath, setLoadedPath] = useState<string | null>(null)
  const [generation, setGeneration] = useState(0)

  useEffect(() => {
    if (path === null) {
      setIsFetching(false)
      return
    }
    // Aborting on change or unmount keeps a slow answer for an old path from overwriting a newer one.
    const controller = new AbortController()
    setIsFetching(true)
    getJson<T>(path, controller.signal)
      .then((body) => {
        setData(body)
        setError(undefined)
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) {
          return
        }
        setError(err instanceof ApiError ? err : new ApiError(String(err), 0))
      })
      .finally(() => {
        if (!controller.signal.aborted) {
          setLoadedPath(path)
          setIsFetching(false)
        }
      })
    return () => controller.abort()
  }, [path, generation])

  const refresh = useCallback(() => setGeneration((n) => n + 1), [])

  return { data, error, isLoading: path !== null && loadedPath !== path, isFetching, refresh }
}
