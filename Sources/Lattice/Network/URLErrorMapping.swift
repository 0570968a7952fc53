import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Maps the error URLSession reports to a `Failure` kind.
///
/// This is the one place an untyped `Error` is inspected: URLSession's completion handler
/// gives `any Error`, and its code is what says what happened. Everything past here is typed.
enum URLErrorMapping {
    static func failure(for error: any Error, timeout: Duration) -> Failure {
        let description = error.localizedDescription
        guard let error = error as? URLError else {
            return .transport(.connectionLost, underlying: description)
        }
        switch error.code {
        case .cancelled:
            return .cancelled
        case .timedOut:
            return .timedOut(after: timeout)
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet,
             .badURL, .unsupportedURL, .secureConnectionFailed, .appTransportSecurityRequiresSecureConnection:
            return .transport(.unreachable, underlying: description)
        default:
            // A lost connection, a reset, a response cut short, and the codes URLSession adds.
            return .transport(.connectionLost, underlying: description)
        }
    }
}
