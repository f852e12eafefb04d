import Ripple
import RippleViews
import Testing
@testable import Dashboard

@MainActor
@Suite struct DashboardTests {
    @Test func `the scripted run prints the expected transcript`() async {
        expectTranscript(await DashboardApp().scriptedTranscript(), Self.transcript)
    }

    @Test func `the scripted run's render counts: fine-grained against coarse`() async throws {
        let fine = DashboardApp(modes: [.fineGrained])
        let coarse = DashboardApp(modes: [.coarse])
        for app in [fine, coarse] {
            _ = app.start()
            for line in app.script {
                _ = try await run(app, line)
            }
        }
        #expect(fine.dashboards[0].host.renderCounts == [
            "DashboardView": 3, "HeaderView": 3, "BadgeView": 5, "ThemeView": 2,
        ])
        // Launch plus eight changes, each rendering every view.
        #expect(coarse.dashboards[0].host.renderCounts == [
            "DashboardView": 9, "HeaderView": 9, "BadgeView": 9, "ThemeView": 9,
        ])
    }

    @Test func `one notification renders only the badge, fine-grained`() async throws {
        let app = DashboardApp()
        _ = app.start()
        let fine = try await renders(in: app.dashboards[0].host) {
            let coarse = try await renders(in: app.dashboards[1].host) {
                _ = try await run(app, "notify")
            }
            #expect(coarse == ["DashboardView": 1, "HeaderView": 1, "BadgeView": 1, "ThemeView": 1])
        }
        #expect(fine == ["BadgeView": 1])
    }

    @Test func `a batch renders each view once, in both modes`() async throws {
        let app = DashboardApp()
        _ = app.start()
        _ = try await run(app, "loading on")
        let fine = try await renders(in: app.dashboards[0].host) {
            let coarse = try await renders(in: app.dashboards[1].host) {
                _ = try await run(app, #"login "Ana" 2"#)
            }
            #expect(coarse == ["DashboardView": 1, "HeaderView": 1, "BadgeView": 1, "ThemeView": 1])
        }
        #expect(fine == ["DashboardView": 1, "HeaderView": 1, "BadgeView": 1])
    }

    @Test func `interactive mode applies each command to both modes and reports errors`() async {
        let input = ["notify", "theme blue", "notify 0", "logout", "counts", "quit"]
        let transcript = await DashboardApp().interactiveTranscript(input)
        expectTranscript(transcript, Self.session)
    }

    static let transcript = """
        Dashboard: an AppState (userName, notificationCount, theme, isLoading) shown by four views,
        each reading one property; fine-grained tracking against the coarse ObservableObject way.

        == Fine-grained (Ripple): a view renders again only when something it read changed

        > (launch)
          DashboardView  | Dashboard
          HeaderView     | Hello, Ivan!
          BadgeView      | No notifications
          ThemeView      | Theme: light
          (4 of 4 views rendered)

        > notify
          BadgeView  | Notifications: 1
          (1 of 4 views rendered)

        > notify 2
          BadgeView  | Notifications: 3
          (1 of 4 views rendered)

        > name "Maria"
          HeaderView  | Hello, Maria!
          (1 of 4 views rendered)

        > theme dark
          ThemeView  | Theme: dark
          (1 of 4 views rendered)

        > loading on
          DashboardView  | Dashboard (loading...)
          (1 of 4 views rendered)

        > loading off
          DashboardView  | Dashboard
          (1 of 4 views rendered)

        > clear
          BadgeView  | No notifications
          (1 of 4 views rendered)

        > login "Ivan" 4
          HeaderView  | Hello, Ivan!
          BadgeView   | Notifications: 4
          (2 of 4 views rendered)

        == Coarse (ObservableObject): every view renders again whenever anything changed

        > (launch)
          DashboardView  | Dashboard
          HeaderView     | Hello, Ivan!
          BadgeView      | No notifications
          ThemeView      | Theme: light
          (4 of 4 views rendered)

        > notify
          DashboardView  | Dashboard
          HeaderView     | Hello, Ivan!
          BadgeView      | Notifications: 1
          ThemeView      | Theme: light
          (4 of 4 views rendered)

        > notify 2
          DashboardView  | Dashboard
          HeaderView     | Hello, Ivan!
          BadgeView      | Notifications: 3
          ThemeView      | Theme: light
          (4 of 4 views rendered)

        > name "Maria"
          DashboardView  | Dashboard
          HeaderView     | Hello, Maria!
          BadgeView      | Notifications: 3
          ThemeView      | Theme: light
          (4 of 4 views rendered)

        > theme dark
          DashboardView  | Dashboard
          HeaderView     | Hello, Maria!
          BadgeView      | Notifications: 3
          ThemeView      | Theme: dark
          (4 of 4 views rendered)

        > loading on
          DashboardView  | Dashboard (loading...)
          HeaderView     | Hello, Maria!
          BadgeView      | Notifications: 3
          ThemeView      | Theme: dark
          (4 of 4 views rendered)

        > loading off
          DashboardView  | Dashboard
          HeaderView     | Hello, Maria!
          BadgeView      | Notifications: 3
          ThemeView      | Theme: dark
          (4 of 4 views rendered)

        > clear
          DashboardView  | Dashboard
          HeaderView     | Hello, Maria!
          BadgeView      | No notifications
          ThemeView      | Theme: dark
          (4 of 4 views rendered)

        > login "Ivan" 4
          DashboardView  | Dashboard
          HeaderView     | Hello, Ivan!
          BadgeView      | Notifications: 4
          ThemeView      | Theme: dark
          (4 of 4 views rendered)

        == Render counts for the same script
          view           fine-grained  coarse
          DashboardView             3       9
          HeaderView                3       9
          BadgeView                 5       9
          ThemeView                 2       9
          total                    13      36
        """

    static let session = """
        Dashboard: an AppState (userName, notificationCount, theme, isLoading) shown by four views,
        each reading one property; fine-grained tracking against the coarse ObservableObject way.

        > (launch)
          fine-grained:
            DashboardView  | Dashboard
            HeaderView     | Hello, Ivan!
            BadgeView      | No notifications
            ThemeView      | Theme: light
            (4 of 4 views rendered)
          coarse:
            DashboardView  | Dashboard
            HeaderView     | Hello, Ivan!
            BadgeView      | No notifications
            ThemeView      | Theme: light
            (4 of 4 views rendered)

        Type a command; 'help' lists them, 'quit' ends.

        > notify
          fine-grained:
            BadgeView  | Notifications: 1
            (1 of 4 views rendered)
          coarse:
            DashboardView  | Dashboard
            HeaderView     | Hello, Ivan!
            BadgeView      | Notifications: 1
            ThemeView      | Theme: light
            (4 of 4 views rendered)

        > theme blue
          error: expected one of light, dark, got 'blue'
          usage: theme <light|dark>

        > notify 0
          error: the count must be a whole number from 1 to 999999, got '0'
          usage: notify [<count>]

        > logout
          error: unknown command 'logout'; type 'help' for the list of commands

        > counts
          view           fine-grained  coarse
          DashboardView             1       2
          HeaderView                1       2
          BadgeView                 2       2
          ThemeView                 1       2
          total                     5       8

        > quit
        """
}
