import Foundation

/// Why a file could not be read or written, in words: the operating system's reason ("Is a
/// directory", "No such file or directory") when Foundation wraps one, else Foundation's
/// description, which for a wrapped one names only a code ("NSCocoaErrorDomain error 256").
///
/// The one place a file error becomes words: the harness, the lab and every `lattice` command
/// describe the errors of their reads and writes with it, naming the file beside it.
public enum FileErrorReason {
    /// The reason `error`, thrown by a Foundation file call, gives. - Complexity: O(1).
    public static func describe(_ error: any Error) -> String {
        let error = error as NSError
        if let underlying = (error.userInfo[NSUnderlyingErrorKey] as? any Error).map({ $0 as NSError }),
           underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(truncatingIfNeeded: underlying.code)))
        }
        return error.localizedDescription
    }

    /// The file `error`, thrown by a Foundation file call, names (the one a write or a
    /// folder's creation failed at may be inside the one asked for), if it names one.
    /// - Complexity: O(1).
    public static func file(of error: any Error) -> String? {
        let info = (error as NSError).userInfo
        return info[NSFilePathErrorKey] as? String ?? (info[NSURLErrorKey] as? URL)?.path
    }
}
